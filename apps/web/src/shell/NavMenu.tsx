// A top-bar drop-down on Headless UI's Menu: arrow keys, Escape, and type-ahead (typing jumps
// to the matching item; the typed prefix resets after 350 ms, Constants.typeaheadResetMs).

import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { Menu, MenuButton, MenuItem, MenuItems } from "./menu-kit.tsx";

export type NavItem = {
  key: string;
  label: string;
  description?: string;
  icon?: ReactNode;
} & ({ to: string } | { href: string } | { onSelect: () => void });

const itemClass =
  "group flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left text-sm text-slate-700 data-focus:bg-indigo-50 data-focus:text-indigo-700";

function ItemBody({ item }: { item: NavItem }) {
  return (
    <>
      {item.icon && (
        <span className="mt-0.5 flex h-8 w-8 flex-none items-center justify-center rounded-lg bg-slate-100 text-slate-600 group-data-focus:bg-indigo-100 group-data-focus:text-indigo-600">
          {item.icon}
        </span>
      )}
      <span className="flex flex-col">
        <span className="font-medium">{item.label}</span>
        {item.description && <span className="text-xs text-slate-500">{item.description}</span>}
      </span>
    </>
  );
}

export function NavMenuItem({ item }: { item: NavItem }) {
  if ("to" in item)
    return (
      <MenuItem as={Link} to={item.to} className={itemClass}>
        <ItemBody item={item} />
      </MenuItem>
    );
  if ("href" in item)
    return (
      <MenuItem
        as="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        className={itemClass}
      >
        <ItemBody item={item} />
      </MenuItem>
    );
  return (
    <MenuItem as="button" type="button" onClick={item.onSelect} className={itemClass}>
      <ItemBody item={item} />
    </MenuItem>
  );
}

export function NavMenu({
  label,
  items,
  testId,
}: {
  label: string;
  items: NavItem[];
  testId?: string;
}) {
  return (
    <Menu>
      <MenuButton
        data-testid={testId}
        className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100"
      >
        {label}
        <ChevronDownIcon className="h-4 w-4 text-slate-500" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom start", gap: 8 }}
        className="z-50 w-72 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
      >
        {items.map((item) => (
          <NavMenuItem key={item.key} item={item} />
        ))}
      </MenuItems>
    </Menu>
  );
}
