const svgNamespace = 'http://www.w3.org/2000/svg';
const chatPath =
  'M12 3C6.5 3 2 6.58 2 11c0 2.1 1.02 4.01 2.68 5.44L4 21l4.35-2.18c1.12.3 2.35.46 3.65.46 5.5 0 10-3.58 10-8S17.5 3 12 3z';
const closePath =
  'M18.3 5.71 12 12.01l-6.3-6.3-1.41 1.41 6.3 6.3-6.3 6.3 1.41 1.41 6.3-6.3 6.3 6.3 1.41-1.41-6.3-6.3 6.3-6.3z';

function icon(document: Document, path: string, className: string): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', className);
  const shape = document.createElementNS(svgNamespace, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** Creates the floating launcher button (plain DOM: no Preact in the loader). */
export function createLauncher(document: Document, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-haspopup', 'dialog');
  button.append(icon(document, chatPath, 'icon-open'), icon(document, closePath, 'icon-close'));
  return button;
}
