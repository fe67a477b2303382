import type { ComponentChildren } from 'preact';
import { BASE, onLink } from '../router.js';

export function Link({ to, children, current, title }: { to: string; children: ComponentChildren; current?: boolean; title?: string }) {
  return (
    <a href={`${BASE}${to}`} onClick={onLink(to)} aria-current={current ? 'page' : undefined} title={title}>
      {children}
    </a>
  );
}
