import { useEffect, useRef, useState } from 'react';
import type { Box, Heatmap } from '../lib/evidence.js';
import { useApi } from '../state/session.js';
import { PageOverlay } from './PageOverlay.js';
import { openPdf, pageAspects, renderPage, type PdfDocument } from './pdf.js';

interface Props {
  checkId: string;
  mime: string;
  boxes: Box[];
  selected: Box[];
  heatmaps: Heatmap[];
  /** Page to bring into view (changes with each click on a reason). */
  focus: { page: number; nonce: number } | null;
}

const PAGE_WIDTH = 760;

function PdfPage({ doc, number, aspect, children }: { doc: PdfDocument; number: number; aspect: number; children: React.ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'rendering' | 'done' | 'error'>('idle');
  useEffect(() => {
    const el = holder.current;
    if (!el || state !== 'idle') return;
    // Render only pages near the viewport: long statements have hundreds of pages.
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        setState('rendering');
        renderPage(doc, number, canvas.current!, PAGE_WIDTH).then(
          () => setState('done'),
          () => setState('error'),
        );
      },
      { rootMargin: '600px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [doc, number, state]);
  return (
    <div ref={holder} className="page" data-page={number} style={{ aspectRatio: `1 / ${aspect}` }} role="img" aria-label={`Page ${number}`}>
      <canvas ref={canvas} />
      {state === 'error' && <p className="page-error">Page {number} could not be drawn.</p>}
      {children}
      <span className="page-number" aria-hidden="true">
        {number}
      </span>
    </div>
  );
}

export function DocumentViewer({ checkId, mime, boxes, selected, heatmaps, focus }: Props) {
  const api = useApi();
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [pdf, setPdf] = useState<{ doc: PdfDocument; aspects: number[] } | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    api.getFile(checkId).then(
      (b) => live && setBytes(b),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [api, checkId]);

  useEffect(() => {
    if (!bytes) return;
    if (mime === 'application/pdf') {
      let doc: PdfDocument | null = null;
      openPdf(bytes)
        .then(async (d) => {
          doc = d;
          setPdf({ doc: d, aspects: await pageAspects(d) });
        })
        .catch((e: Error) => setError(`The PDF could not be opened: ${e.message}`));
      return () => void doc?.destroy();
    }
    const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
    setImageUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [bytes, mime]);

  useEffect(() => {
    if (!focus || !root.current) return;
    // Prefer the highlighted box; fall back to the page itself.
    const viewer = root.current;
    const target = viewer.querySelector('.evidence-box.selected') ?? viewer.querySelector(`[data-page="${focus.page}"]`);
    if (!target) return;
    // Scroll the viewer only, so the reason that was clicked stays where it is.
    const t = target.getBoundingClientRect();
    const v = viewer.getBoundingClientRect();
    const top = viewer.scrollTop + t.top - v.top - (viewer.clientHeight - Math.min(t.height, viewer.clientHeight)) / 2;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    viewer.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
    // On narrow layouts the viewer sits below the reasons: bring it into the window too.
    if (v.top > window.innerHeight || v.bottom < 0) viewer.scrollIntoView({ block: 'start' });
  }, [focus, pdf, imageUrl]);

  const onPage = (n: number) => ({
    boxes: boxes.filter((b) => b.page === n),
    selected: selected.filter((b) => b.page === n),
    heatmaps: heatmaps.filter((h) => h.page === n),
  });

  return (
    <div ref={root} className="viewer" aria-label="Document">
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!error && !pdf && !imageUrl && <p className="muted">Loading document…</p>}
      {pdf &&
        pdf.aspects.map((aspect, i) => (
          <PdfPage key={i} doc={pdf.doc} number={i + 1} aspect={aspect}>
            <PageOverlay {...onPage(i + 1)} />
          </PdfPage>
        ))}
      {imageUrl && (
        <div className="page" data-page={1}>
          <img src={imageUrl} alt="The submitted image" />
          <PageOverlay {...onPage(1)} />
        </div>
      )}
    </div>
  );
}
