/**
 * The inbox: every check the workspace has (loaded page by page), uploads in flight, the current
 * batch's progress, and polling of checks still processing.
 */
import { create } from 'zustand';
import type { ApiClient } from '../api/client.js';
import type { DocumentCheck } from '../api/contract.js';
import { EMPTY_FILTER, type InboxFilter } from '../lib/filters.js';

export interface Upload {
  localId: string;
  filename: string;
  state: 'queued' | 'uploading' | 'failed';
  error?: string;
}

export interface Batch {
  /** Files sent for upload (skipped files are not among them). */
  total: number;
  checkIds: string[];
  failedUploads: number;
  /** Names of dropped or picked files left out because the service cannot check them. */
  skipped: string[];
}

interface InboxState {
  byId: Record<string, DocumentCheck>;
  order: string[];
  uploads: Upload[];
  batch: Batch | null;
  loading: boolean;
  loadedAll: boolean;
  loadError: string | null;
  filter: InboxFilter;
  setFilter(patch: Partial<InboxFilter>): void;
  upsert(checks: DocumentCheck[], prepend?: boolean): void;
}

export const useInbox = create<InboxState>((set) => ({
  byId: {},
  order: [],
  uploads: [],
  batch: null,
  loading: false,
  loadedAll: false,
  loadError: null,
  filter: EMPTY_FILTER,
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
  upsert: (checks, prepend = false) =>
    set((s) => {
      const byId = { ...s.byId };
      const fresh: string[] = [];
      for (const c of checks) {
        if (!byId[c.id]) fresh.push(c.id);
        byId[c.id] = c;
      }
      if (fresh.length === 0) return { byId };
      return { byId, order: prepend ? [...fresh, ...s.order] : [...s.order, ...fresh] };
    }),
}));

export function batchProgress(batch: Batch, byId: Record<string, DocumentCheck>): { settled: number; total: number } {
  const settled = batch.failedUploads + batch.checkIds.filter((id) => byId[id] && byId[id].status !== 'processing').length;
  return { settled, total: batch.total };
}

/** Loads every page of the list in the background; the list is newest first. */
export async function loadAllChecks(api: ApiClient): Promise<void> {
  const st = useInbox.getState();
  if (st.loading) return;
  useInbox.setState({ loading: true, loadError: null });
  try {
    let after: string | undefined;
    for (;;) {
      const page = await api.listChecks(100, after);
      useInbox.getState().upsert(page.data);
      if (!page.has_more || page.data.length === 0) break;
      after = page.data[page.data.length - 1].id;
    }
    useInbox.setState({ loadedAll: true });
  } catch (err) {
    useInbox.setState({ loadError: (err as Error).message });
  } finally {
    useInbox.setState({ loading: false });
  }
}

/** New checks made elsewhere (CLI, Open With, another window) show up at the top. */
export async function refreshHead(api: ApiClient): Promise<void> {
  const page = await api.listChecks(20);
  const { byId, upsert } = useInbox.getState();
  const fresh = page.data.filter((c) => !byId[c.id]);
  upsert(page.data.filter((c) => byId[c.id]));
  if (fresh.length) upsert(fresh, true);
}

export async function pollProcessing(api: ApiClient, max = 8): Promise<void> {
  const { byId, order, upsert } = useInbox.getState();
  const ids = order.filter((id) => byId[id]?.status === 'processing').slice(0, max);
  const results = await Promise.allSettled(ids.map((id) => api.getCheck(id)));
  upsert(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
}

let nextLocal = 0;

/**
 * Upload files a few at a time; each appears at once as an upload row, then as its check.
 * `skipped` names the files of the same drop or pick that were left out (unsupported types), so
 * the batch bar can say so.
 */
export async function submitFiles(api: ApiClient, files: File[], concurrency = 3, skipped: readonly string[] = []): Promise<void> {
  if (files.length === 0 && skipped.length === 0) return;
  const items = files.map((f) => ({ file: f, upload: { localId: `up_${++nextLocal}`, filename: f.name, state: 'queued' as const } }));
  useInbox.setState((s) => ({
    uploads: [...items.map((i) => i.upload), ...s.uploads],
    batch:
      s.batch && batchProgress(s.batch, s.byId).settled < s.batch.total
        ? { ...s.batch, total: s.batch.total + files.length, skipped: [...s.batch.skipped, ...skipped] }
        : { total: files.length, checkIds: [], failedUploads: 0, skipped: [...skipped] },
  }));
  const setUpload = (localId: string, patch: Partial<Upload> | null) =>
    useInbox.setState((s) => ({
      uploads: patch === null ? s.uploads.filter((u) => u.localId !== localId) : s.uploads.map((u) => (u.localId === localId ? { ...u, ...patch } : u)),
    }));
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const { file, upload } = items[cursor++];
      setUpload(upload.localId, { state: 'uploading' });
      try {
        const check = await api.submit(file, file.name);
        useInbox.getState().upsert([check], true);
        useInbox.setState((s) => ({ batch: s.batch ? { ...s.batch, checkIds: [...s.batch.checkIds, check.id] } : s.batch }));
        setUpload(upload.localId, null);
      } catch (err) {
        setUpload(upload.localId, { state: 'failed', error: (err as Error).message });
        useInbox.setState((s) => ({ batch: s.batch ? { ...s.batch, failedUploads: s.batch.failedUploads + 1 } : s.batch }));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export function dismissUpload(localId: string): void {
  useInbox.setState((s) => ({ uploads: s.uploads.filter((u) => u.localId !== localId) }));
}
