// A QR code of a share link, drawn on a canvas by the vendored qrcode-generator (vendor/qrcode-generator,
// MIT, see VENDORED.md there): the link holds the record in its #fragment, so the code carries the whole
// shared game and nothing reaches a server. A link too long for the largest code (version 40, error
// correction L: 2953 bytes) gets none: the page says so and the link and the file still carry it.
import { qrcode } from "./vendor/qrcode-generator/qrcode.js";
import { el } from "./dom.js";
import { tr } from "./i18n.js";

const QUIET = 4;  // the quiet zone the standard asks for around the code, in modules

/** A canvas showing ``text`` as a QR code at most ``widest`` CSS pixels wide, or null when it does not fit. */
export function qrCanvas(text, widest = 320) {
  const code = qrcode(0, "L");
  try {
    code.addData(text, "Byte");
    code.make();
  } catch {
    return null;  // longer than the largest code holds
  }
  const count = code.getModuleCount();
  const module = Math.max(2, Math.floor(widest / (count + 2 * QUIET)));
  const size = (count + 2 * QUIET) * module;
  const canvas = el("canvas", { id: "share-qr", width: String(size), height: String(size), role: "img",
    "aria-label": tr("A QR code of the link to this game") });
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#fff";
  pen.fillRect(0, 0, size, size);
  pen.fillStyle = "#000";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) pen.fillRect((col + QUIET) * module, (row + QUIET) * module, module, module);
    }
  }
  return canvas;
}

/** The QR code of a share link with a line saying what it is, or why there is none. */
export function qrPanel(link) {
  const canvas = qrCanvas(link);
  if (!canvas) return el("p", { className: "hint", id: "share-qr-none", text: tr("The game is too long for a QR code: send the link or the record file instead.") });
  return el("figure", { className: "qr" }, canvas,
    el("figcaption", { className: "hint", text: tr("Scan it with the other phone's camera to open the game read-only.") }));
}
