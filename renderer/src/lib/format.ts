export function humanize(code: string | null | undefined): string {
  if (!code) return '—';
  return code
    .replace(/_/g, ' ')
    .replace(/\b(pdf|id|api)\b/gi, (w) => w.toUpperCase())
    .replace(/^./, (c) => c.toUpperCase());
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
