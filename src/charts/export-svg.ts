// A chart's SVG as a standalone file, and as a PNG drawn from it on a canvas (the page's CSP allows
// img-src data: and blob:). Text and axes use currentColor, which is fixed to the page's color here.

export function serializeSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const style = getComputedStyle(svg);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('color', style.color);
  copy.setAttribute('font-family', style.fontFamily);
  const { width, height } = svg.viewBox.baseVal;
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(document.body).backgroundColor || '#fff');
  copy.insertBefore(background, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvg(svg: SVGSVGElement, fileName: string): void {
  saveFile(new Blob([serializeSvg(svg)], { type: 'image/svg+xml' }), `${fileName}.svg`);
}

/** Renders the SVG at `scale` times its size onto a canvas and saves it as PNG. */
export async function downloadPng(svg: SVGSVGElement, fileName: string, scale = 2): Promise<void> {
  const text = serializeSvg(svg);
  const { width, height } = svg.viewBox.baseVal;
  const image = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    if (blob) saveFile(blob, `${fileName}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
