import { useRef, type FocusEvent as ReactFocusEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { MenuLink, overviewLink } from './menu-link.tsx';
import type { MenuItem } from './menus.ts';

export type DropdownState = { id: number; openedBy: 'hover' | 'click' } | null;

function DesktopMenuItem({
  item,
  dropdown,
  setDropdown,
}: {
  item: MenuItem;
  dropdown: DropdownState;
  setDropdown: (next: DropdownState) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (item.items.length === 0) {
    return (
      <li>
        <MenuLink item={item} />
      </li>
    );
  }
  const isOpen = dropdown?.id === item.id;
  const submenuId = `submenu-${item.id}`;
  const overview = overviewLink(item);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setDropdown(null);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: ReactFocusEvent<HTMLLIElement>) => {
    if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setDropdown(null);
  };
  return (
    // The item delegates its children's events: hover opens and leaving closes (a pointer convenience; the
    // button is the keyboard control), Escape from anywhere inside closes and returns focus to the button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`has-children${isOpen ? ' is-open' : ''}`}
      onMouseEnter={() => {
        if (!isOpen) setDropdown({ id: item.id, openedBy: 'hover' });
      }}
      onMouseLeave={() => {
        if (isOpen) setDropdown(null);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={isOpen}
        aria-controls={submenuId}
        onClick={() => {
          // A click on a menu the pointer has just opened by hovering keeps it open; otherwise it toggles.
          if (isOpen && dropdown?.openedBy === 'hover') setDropdown({ id: item.id, openedBy: 'click' });
          else setDropdown(isOpen ? null : { id: item.id, openedBy: 'click' });
        }}
      >
        {item.name}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="menu-button__chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={submenuId} className={`submenu${isOpen ? ' is-open' : ''}`}>
        {overview ? (
          <li>
            <MenuLink item={overview} label={`${item.name} overview`} />
          </li>
        ) : null}
        {item.items.map((child) => (
          <li key={child.id}>
            <MenuLink item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function DesktopMenu({
  items,
  label,
  side,
  dropdown,
  setDropdown,
  isEnhanced,
}: {
  items: MenuItem[];
  label: string;
  side: 'left' | 'right';
  dropdown: DropdownState;
  setDropdown: (next: DropdownState) => void;
  isEnhanced: boolean;
}) {
  return (
    <nav className={`primary-nav primary-nav--${side}`} aria-label={label}>
      {items.length > 0 ? (
        <ul className={`primary-menu${isEnhanced ? ' is-enhanced' : ''}`}>
          {items.map((item) => (
            <DesktopMenuItem key={item.id} item={item} dropdown={dropdown} setDropdown={setDropdown} />
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
