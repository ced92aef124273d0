/**
 * Form field values an incremental update replaced, read from two revision states of one file.
 */
import type { RevisionSummary } from '../../../types.js';
import { PdfName, PdfString } from './objects.js';
import type { RevisionState } from './state.js';
import { decodePdfText } from './text-strings.js';

type FieldChanges = NonNullable<RevisionSummary['fieldChanges']>;

/**
 * Field values (/V) that an update replaced with another value: filling an empty field is what
 * form fillers do; changing a value already filled in changes what the form says. A check box's
 * or radio button's value is a name, the appearance state it shows (`/Off` or the export name
 * its designer gave the "on" state, often a digit: the IRS's `/1`, `/2`): marked `state`, since
 * its digits are a choice's label, not a figure someone typed.
 */
export function changedFieldValues(before: RevisionState, after: RevisionState, nums: number[]): FieldChanges {
  const out: FieldChanges = [];
  const value = (state: RevisionState, num: number, key: string): { text: string; name: boolean } => {
    const d = state.dict(state.getObject(num));
    const v = d ? state.resolve(d.get(key)) : undefined;
    if (v instanceof PdfString) {
      const bytes = state.file.encrypted ? state.file.stringBytes(v, num, 0) : v.bytes;
      return { text: bytes ? decodePdfText(bytes).trim() : '', name: false };
    }
    return { text: v instanceof PdfName ? v.name : '', name: v instanceof PdfName };
  };
  for (const num of nums.slice(0, 500)) {
    const was = value(before, num, 'V');
    const now = value(after, num, 'V');
    if (was.text && now.text && was.text !== now.text && was.text !== 'Off')
      out.push({ field: value(after, num, 'T').text || `object ${num}`, before: was.text, after: now.text, ...(was.name && now.name ? { state: true } : {}) });
  }
  return out;
}
