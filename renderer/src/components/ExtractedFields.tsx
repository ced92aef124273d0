import type { Extracted } from '../api/contract.js';
import { humanize } from '../lib/format.js';

const FIELDS: Array<keyof Extracted> = ['doc_type', 'issuer', 'name', 'address', 'document_date', 'account_number', 'currency'];

export function ExtractedFields({ extracted }: { extracted: Extracted }) {
  return (
    <dl className="fields">
      {FIELDS.map((k) => (
        <div key={k}>
          <dt>{humanize(k)}</dt>
          <dd>{extracted?.[k] ? k === 'doc_type' ? humanize(extracted[k]) : extracted[k] : <span className="muted">not found</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
