/** Relative luminance (WCAG 2) of a computed CSS colour such as `rgb(18, 20, 26)`: 0 is black, 1 is white. */
export function luminance(cssColor: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(cssColor);
  if (!m) throw new Error(`not an rgb() colour: ${cssColor}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
