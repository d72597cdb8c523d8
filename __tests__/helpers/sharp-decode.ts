/** Whether sharp decodes `bytes` whole, as the build's content check and its image pipeline decode an image. */
import sharp from "sharp";

export const decodesWhole = (bytes: Buffer) =>
  sharp(bytes)
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
