// Building the page's elements (never from HTML strings: the page runs under a strict Content-Security-Policy).

export const $ = (id) => document.getElementById(id);

/** An element with its properties (`text`, `className`, attributes) and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "text") node.textContent = v; else if (k === "className") node.className = v; else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
