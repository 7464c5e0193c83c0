import { useMemo } from 'react';
import { create } from 'qrcode';

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/**
 * A QR code drawn as an SVG path from the qrcode library's module matrix: React elements, so nothing is put
 * in the page as markup or as a script-made image (the site's Content-Security-Policy allows neither inline
 * script nor remote images). Dark on white whatever the theme, as scanners expect.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { path: d, width: modules.size + QUIET * 2 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff', maxWidth: '100%', height: 'auto' }}
      data-testid="second-factor-qr"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
