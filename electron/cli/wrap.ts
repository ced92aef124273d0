/** Word-wrapping for terminal output: a line never runs past the terminal, and no word is lost. */

/** The terminal's width, or 100 columns when stdout is not a terminal (a pipe or a file). */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stream.isTTY && stream.columns && stream.columns > 0 ? stream.columns : 100;
}

/**
 * `text` on lines of at most `width` columns: the first line starts with `first`, the rest with
 * `rest` (a hanging indent). A word longer than a line is put on a line of its own, whole.
 */
export function wrap(text: string, width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
