import type { ComponentChildren } from 'preact';
import { BASE, onLink } from '../router.js';

export function Link({ to, children, current }: { to: string; children: ComponentChildren; current?: boolean }) {
  return (
    <a href={`${BASE}${to}`} onClick={onLink(to)} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
