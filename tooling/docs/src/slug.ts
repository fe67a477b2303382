/**
 * The anchor GitHub gives a heading (github-slugger's rule): its text in lower case, without what
 * is neither a letter, a mark, a digit, a connector (`_`), a space nor a hyphen, spaces made hyphens.
 * Links keep only their text and HTML tags go, as the heading is rendered.
 */
export function slugOf(headingText: string): string {
  return headingText
    .replace(/!?\[((?:[^[\]]|\[[^[\]]*\])*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Slugs for the headings of one file in order: a repeated one gets `-1`, `-2`… as on GitHub. */
export function headingSlugger(): (headingText: string) => string {
  const seen = new Map<string, number>();
  return (headingText) => {
    const base = slugOf(headingText);
    let slug = base;
    while (seen.has(slug)) {
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      slug = `${base}-${count}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}
