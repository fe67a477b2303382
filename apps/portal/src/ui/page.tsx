import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A page's heading and body. On every new page the heading takes the focus (and the title
 * changes), so a screen reader announces where a navigation led, as a full page load would.
 */
export function Page({ title, children }: { title: string; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Pet Store developer portal`;
    heading.current?.focus();
  }, [title]);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </section>
  );
}
