import { isNewTab, type MenuItem } from './menus.ts';

export function MenuLink({ item, className, label }: { item: MenuItem; className?: string; label?: string }) {
  const newTab = isNewTab(item);
  return (
    <a
      className={className}
      href={item.url}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {label ?? item.name}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** The parent's own page, offered inside its dropdown unless one of its children already links there. */
export function overviewLink(item: MenuItem): MenuItem | null {
  return item.items.some((child) => child.url === item.url) ? null : { ...item, items: [] };
}
