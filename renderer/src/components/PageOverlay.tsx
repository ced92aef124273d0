import { useLayoutEffect, useRef } from 'react';
import { boxKey, type Box, type Heatmap } from '../lib/evidence.js';
import { placeLabel } from '../lib/label.js';

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/** A selected box's label, placed beside the box inside the page once its size is known. */
function BoxLabel({ bbox, text }: { bbox: Box['bbox']; text: string }) {
  const el = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const label = el.current;
    const page = label?.parentElement;
    if (!label || !page) return;
    const place = () => {
      const w = page.clientWidth;
      const h = page.clientHeight;
      const box = { left: bbox[0] * w, top: bbox[1] * h, width: (bbox[2] - bbox[0]) * w, height: (bbox[3] - bbox[1]) * h };
      const at = placeLabel(box, { width: label.offsetWidth, height: label.offsetHeight }, { width: w, height: h });
      label.style.left = `${at.left}px`;
      label.style.top = `${at.top}px`;
      label.dataset.side = at.side;
    };
    place();
    // The page follows the window's width: place again when it changes.
    const ro = new ResizeObserver(place);
    ro.observe(page);
    return () => ro.disconnect();
  }, [bbox, text]);
  return (
    <span ref={el} className="box-label" data-testid="box-label">
      {text}
    </span>
  );
}

/** Evidence boxes and heat maps over one page; positions are page fractions, top-left origin. */
export function PageOverlay({ boxes, selected, heatmaps }: { boxes: Box[]; selected: Box[]; heatmaps: Heatmap[] }) {
  const selectedKeys = new Set(selected.map(boxKey));
  return (
    <div className="page-overlay" aria-hidden={selected.length === 0}>
      {heatmaps.map((h, i) => (
        <img
          key={`h${i}`}
          className="heatmap"
          src={h.image}
          alt=""
          style={{ left: pct(h.bbox[0]), top: pct(h.bbox[1]), width: pct(h.bbox[2] - h.bbox[0]), height: pct(h.bbox[3] - h.bbox[1]) }}
        />
      ))}
      {boxes.map((b, i) => {
        const isSel = selectedKeys.has(boxKey(b));
        return (
          <div
            key={i}
            className={`evidence-box${isSel ? ' selected' : ''}`}
            data-testid={isSel ? 'selected-box' : 'evidence-box'}
            title={b.label}
            style={{ left: pct(b.bbox[0]), top: pct(b.bbox[1]), width: pct(b.bbox[2] - b.bbox[0]), height: pct(b.bbox[3] - b.bbox[1]) }}
          />
        );
      })}
      {/* Labels after the boxes, so no box is drawn over a label. */}
      {boxes.map((b, i) => (selectedKeys.has(boxKey(b)) && b.label ? <BoxLabel key={`l${i}`} bbox={b.bbox} text={b.label} /> : null))}
    </div>
  );
}
