// Draws the original placeholder images (founder portrait, credential badge, share card, icons) with sharp.
// Run once with `node scripts/make-placeholders.mjs`; replace the files with real ones when the firm has them.
import sharp from "sharp";
import path from "path";
import { fileURLToPath } from "url";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "data", "images");

const portrait = `
<svg xmlns="http://www.w3.org/2000/svg" width="960" height="1200" viewBox="0 0 960 1200">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#dfe6ee"/><stop offset="1" stop-color="#b9c6d4"/>
    </linearGradient>
    <radialGradient id="light" cx="0.3" cy="0.2" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="suit" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3556"/><stop offset="1" stop-color="#0f2038"/>
    </linearGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9b49a"/><stop offset="1" stop-color="#b98e72"/>
    </linearGradient>
  </defs>
  <rect width="960" height="1200" fill="url(#bg)"/>
  <rect width="960" height="1200" fill="url(#light)"/>
  <path d="M0 1200 V1000 Q 160 880 360 850 L600 850 Q 800 880 960 1000 V1200 Z" fill="url(#suit)"/>
  <path d="M400 840 L480 1010 L560 840 Z" fill="#f4f6f9"/>
  <path d="M468 880 L492 880 L506 1010 L480 1060 L454 1010 Z" fill="#7a5a22"/>
  <path d="M360 850 L480 1100 L400 1200 L300 1200 L330 900 Z" fill="#162b48"/>
  <path d="M600 850 L480 1100 L560 1200 L660 1200 L630 900 Z" fill="#162b48"/>
  <rect x="418" y="700" width="124" height="170" rx="50" fill="#b98e72"/>
  <ellipse cx="480" cy="540" rx="170" ry="210" fill="url(#skin)"/>
  <path d="M310 520 Q 300 330 480 320 Q 660 330 650 520 Q 640 420 560 400 Q 470 380 400 420 Q 330 450 310 520 Z" fill="#3b3129"/>
</svg>`;

const badge = `
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <defs>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9bb7e"/><stop offset="0.5" stop-color="#b08d57"/><stop offset="1" stop-color="#8a6a36"/>
    </linearGradient>
  </defs>
  <circle cx="320" cy="320" r="300" fill="url(#gold)"/>
  <circle cx="320" cy="320" r="276" fill="#0f2540"/>
  <circle cx="320" cy="320" r="262" fill="none" stroke="#d9bb7e" stroke-width="3"/>
  <circle cx="320" cy="320" r="176" fill="none" stroke="#d9bb7e" stroke-width="2"/>
  <text x="320" y="232" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="26" letter-spacing="5" fill="#f1e4c6">CERTIFIED</text>
  <text x="320" y="360" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="128" font-weight="bold" fill="#ffffff">CVA</text>
  <path d="M240 398 H400" stroke="#d9bb7e" stroke-width="4"/>
  <text x="320" y="436" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="18" letter-spacing="2" fill="#d9bb7e">VALUATION ANALYST</text>
</svg>`;

const share = `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f2540"/>
  <rect x="0" y="600" width="1200" height="30" fill="#b08d57"/>
  <text x="90" y="250" font-family="DejaVu Serif, serif" font-size="64" font-weight="bold" fill="#ffffff">Harborline Valuation Advisors</text>
  <text x="90" y="330" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#d9bb7e">Reliable business valuations, backed by data, delivered fast.</text>
  <text x="90" y="470" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#c9d3df">Certified Valuation Analyst · Torrance, California · Nationwide</text>
</svg>`;

await sharp(Buffer.from(portrait)).jpeg({ quality: 88, mozjpeg: true }).toFile(path.join(dir, "founder-portrait.jpg"));
await sharp(Buffer.from(badge)).png({ compressionLevel: 9 }).toFile(path.join(dir, "cva-badge.png"));
await sharp(Buffer.from(share))
  .png({ compressionLevel: 9 })
  .toFile(path.join(dir, "..", "..", "static", "share-card.png"));
const staticDir = path.join(dir, "..", "..", "static");
const icon = await import("node:fs").then((fs) => fs.readFileSync(path.join(staticDir, "favicon.svg")));
await sharp(icon, { density: 600 }).resize(180, 180).png().toFile(path.join(staticDir, "apple-touch-icon.png"));
await sharp(icon, { density: 300 }).resize(32, 32).png().toFile(path.join(staticDir, "favicon-32.png"));
console.log(
  "Wrote data/images/{founder-portrait.jpg,cva-badge.png} and static/{share-card,apple-touch-icon,favicon-32}.png",
);
