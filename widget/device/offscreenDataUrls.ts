/**
 * Canvases for FingerprintJS's canvas source in a worker (fingerprintWorker.ts). The source draws on a
 * `<canvas>` and reads it with the synchronous `toDataURL()`, which an `OffscreenCanvas` lacks: its PNG comes from
 * the asynchronous `convertToBlob()`. So `toDataURL()` here copies the picture and returns a placeholder, equal for
 * equal pixels (the source compares two reads to detect canvas noise), and `fillDataUrls` puts the PNG data URLs
 * in their place once the source is done. In Chromium, `convertToBlob()`'s PNG is byte for byte the page's
 * `toDataURL()` (e2e/fingerprint.test.ts compares the visitor ids made with and without the worker).
 */
type Canvas2D = OffscreenCanvasRenderingContext2D;

/** What `FileReaderSync` (workers only, not in TypeScript's DOM types) offers. */
interface FileReaderSyncLike {
  readAsDataURL(blob: Blob): string;
}

const PLACEHOLDER = 'offscreen-canvas:';

interface Picture {
  copy: OffscreenCanvas;
  pixels: Uint8ClampedArray;
}

function samePixels(a: Uint8ClampedArray, b: Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface OffscreenDataUrls {
  /** a canvas for `document.createElement('canvas')` */
  createCanvas(): OffscreenCanvas & { toDataURL(): string };
  /** `value` with each placeholder, at any depth, replaced by its picture's PNG data URL */
  fillDataUrls<T>(value: T): Promise<T>;
}

export function offscreenDataUrls(): OffscreenDataUrls {
  const pictures: Picture[] = [];

  function placeholderOf(canvas: OffscreenCanvas): string {
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const context = copy.getContext('2d') as Canvas2D;
    context.drawImage(canvas, 0, 0);
    const pixels = context.getImageData(0, 0, copy.width, copy.height).data;
    let index = pictures.findIndex((p) => samePixels(p.pixels, pixels));
    if (index < 0) index = pictures.push({ copy, pixels }) - 1;
    return `${PLACEHOLDER}${index}`;
  }

  async function dataUrlOf(placeholder: string): Promise<string> {
    const picture = pictures[Number(placeholder.slice(PLACEHOLDER.length))];
    if (!picture) return placeholder;
    const reader = new (globalThis as unknown as { FileReaderSync: new () => FileReaderSyncLike }).FileReaderSync();
    return reader.readAsDataURL(await picture.copy.convertToBlob({ type: 'image/png' }));
  }

  async function fill(value: unknown): Promise<unknown> {
    if (typeof value === 'string') return value.startsWith(PLACEHOLDER) ? dataUrlOf(value) : value;
    if (Array.isArray(value)) return Promise.all(value.map(fill));
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await fill(v)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  }

  return {
    createCanvas() {
      // a <canvas>'s own size: the WebGL source reads the viewport, which starts as the canvas
      const canvas = new OffscreenCanvas(300, 150) as OffscreenCanvas & { toDataURL(): string };
      canvas.toDataURL = () => placeholderOf(canvas);
      return canvas;
    },
    fillDataUrls: (value) => fill(value) as Promise<typeof value>,
  };
}
