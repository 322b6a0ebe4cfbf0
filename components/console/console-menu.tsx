"use client";
// The console's sections and the signed-in member, behind a Menu button on a narrow screen (the
// disclosure pattern: a button with aria-expanded that shows and hides what it controls; not an
// ARIA menu, whose arrow-key rules suit application menus rather than a list of links). From lg up
// the sidebar shows everything and the button is gone. The menu closes when a link is followed,
// and on Escape with the focus back on the button.
import { useConsolePathname } from "./kit/address.ts";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";

export function ConsoleMenu({ title, children }: { title: ReactNode; children: ReactNode }) {
  // Open on the page it was opened on: another page (back, forward, a link) finds it closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const pathname = useConsolePathname();
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  // A link to the page already shown changes no path: close on the click itself.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) setOpenOn(null);
  };

  return (
    <>
      <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-4">
        {title}
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="inline-flex shrink-0 items-center gap-2 rounded-md border border-slate-700 px-3 py-2 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white lg:hidden"
        >
          <MenuIcon open={open} />
          Menu
        </button>
      </div>
      <div
        id={panelId}
        onClick={closeOnLink}
        className={`${open ? "flex" : "hidden"} flex-col pb-2 lg:flex lg:flex-1 lg:pb-0`}
      >
        {children}
      </div>
    </>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
    </svg>
  );
}
