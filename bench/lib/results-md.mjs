// bench/RESULTS.md: each benchmark's rows stay in its own section (a plain append put them under
// whichever section happened to be last).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Adds `row` (one Markdown table line) after the last table line of `section` (a `## ` heading),
 * creating the section from `header` (its text and table head, ending in a newline) at the end of
 * the file when it is missing.
 */
export function addResultRow(file, section, header, row) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = text.split('\n');
  const start = lines.indexOf(section);
  if (start === -1) {
    writeFileSync(file, `${text}${text.endsWith('\n') || !text ? '' : '\n'}\n${section}\n\n${header}${row}\n`);
    return;
  }
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end === -1) end = lines.length;
  let last = start;
  for (let i = start + 1; i < end; i++) if (lines[i].startsWith('|')) last = i;
  lines.splice(last === start ? end : last + 1, 0, row);
  writeFileSync(file, lines.join('\n'));
}
