/**
 * Markdown as the link checker reads it. What a fenced code block holds is not Markdown (a
 * `# comment` in a shell block is no heading, `[a](b)` in a TypeScript block no link), so it is
 * blanked; so is a code span. Lines and columns stay where they were, so a problem names its line.
 */
export function withoutCode(markdown: string): string {
  return withoutCodeBlocks(markdown)
    .map((line) => line.replace(CODE_SPAN, (span) => ' '.repeat(span.length)))
    .join('\n');
}

/** The lines of `markdown`, those of fenced code blocks (fences included) left empty. */
export function withoutCodeBlocks(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split(/\r?\n/).map((line) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined) {
      if (marker === undefined) return line;
      fence = marker;
      return '';
    }
    // CommonMark: a block closes on a fence of its own character, at least as long, alone on its line.
    if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
    return '';
  });
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A run of backticks, the text, and a run of the same length (CommonMark's code span). */
const CODE_SPAN = /(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)/g;
