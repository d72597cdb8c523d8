/**
 * A picture the editor picks that is not a JPEG or PNG (a phone's HEIC, an AVIF, a WebP) is turned into a JPEG in the
 * browser before Decap's media library uploads it: the site takes JPEG and PNG, whose every byte its server can check,
 * and makes its WebP and AVIF from them. What this browser cannot decode goes up as it is, and is refused saying why.
 */
import { noticeArea, noticePanel } from "./content-problems";

const TAKEN = /^image\/(jpeg|png)$/;

/** `file` as a JPEG, on white where it was transparent; `file` itself where it is taken or cannot be decoded here. */
async function asTaken(file: File): Promise<File> {
  if (TAKEN.test(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, bitmap.width, bitmap.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const jpeg = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
    return new File([jpeg], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}

/** Turns the files picked in any file input of `doc` into ones the site takes, before the page's own code sees them. */
export function takePickedImages(doc: Document): void {
  const ours = new WeakSet<Event>();
  doc.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (ours.has(event) || !(input instanceof HTMLInputElement) || input.type !== "file") return;
      const picked = [...(input.files ?? [])];
      if (picked.every((file) => TAKEN.test(file.type))) return;
      event.stopImmediatePropagation();
      void Promise.all(picked.map(asTaken)).then((files) => {
        const list = new DataTransfer();
        files.forEach((file) => list.items.add(file));
        input.files = list.files;
        const made = files.filter((file, i) => file !== picked[i]);
        if (made.length > 0) {
          // A line at the foot of the editor, beside its others, that the editor may hide.
          const line = doc.createElement("p");
          line.setAttribute("role", "status");
          line.textContent = `Uploaded as a JPEG (${made.map((file) => file.name).join(", ")}): the site takes JPEG and PNG images.`;
          doc.querySelector(".upload-line")?.remove();
          noticeArea(doc).append(noticePanel(doc, "upload-line", "Upload", line));
        }
        const again = new Event("change", { bubbles: true });
        ours.add(again);
        input.dispatchEvent(again);
      });
    },
    true,
  );
}
