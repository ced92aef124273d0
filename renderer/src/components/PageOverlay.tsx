import { boxKey, type Box, type Heatmap } from '../lib/evidence.js';

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

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
          >
            {isSel && b.label && <span className="box-label">{b.label}</span>}
          </div>
        );
      })}
    </div>
  );
}
