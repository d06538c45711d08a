// The user menu (decision 0300): Login/Signup while anonymous; the notifications list and
// Log Out once signed in. A bell before the name marks unread notifications.

import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useNotifications } from "../features/notifications/use-notifications.ts";
import { useModal } from "../modals/use-modal.ts";
import { useSession } from "../session/use-session.ts";
import { BellIcon, ChevronDownIcon } from "../ui/icons.tsx";
import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from "./menu-kit.tsx";

const itemClass =
  "flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-indigo-50 data-focus:text-indigo-700";

export function UserMenu() {
  const { t } = useTranslation("nav");
  const { session, signOut, validating } = useSession();
  const { list, unread } = useNotifications();
  const modal = useModal();
  const navigate = useNavigate();
  const label = session.loggedIn ? session.userName : t("user.signup");
  // A stored token is being checked: show neither 'Signup' nor a name yet (no flash).
  if (validating && !session.loggedIn)
    return (
      <span
        role="status"
        data-testid="user-menu-pending"
        className="inline-flex h-8 w-24 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none"
      >
        <span className="sr-only">{t("common:loading")}</span>
      </span>
    );

  return (
    <Menu>
      <MenuButton
        data-testid="user-menu"
        title={session.loggedIn ? label : undefined}
        className="inline-flex min-w-0 max-w-40 items-center gap-1.5 rounded-full bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700 data-open:bg-slate-700 sm:max-w-56"
      >
        {unread && (
          <span className="relative flex-none" data-testid="unread-bell">
            <BellIcon className="h-4 w-4" />
            <span className="absolute -top-0.5 -right-0.5 h-2 w-2 rounded-full bg-rose-500 ring-2 ring-slate-900" />
            <span className="sr-only">{t("user.unread")}</span>
          </span>
        )}
        <span className="truncate">{label}</span>
        <ChevronDownIcon className="h-4 w-4 flex-none opacity-70" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom end", gap: 8 }}
        className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10 focus:outline-none"
      >
        {!session.loggedIn ? (
          <>
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => modal.open("login", { mode: "login" })}
            >
              {t("user.login")}
            </MenuItem>
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => modal.open("login", { mode: "signup" })}
            >
              {t("user.signup")}
            </MenuItem>
          </>
        ) : (
          <>
            <div className="px-3 pt-1 pb-2 text-xs text-slate-500">
              {t("user.signedInAs", { email: session.userEmail })}
            </div>
            <MenuSection>
              <MenuHeading className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t("user.notifications")}
              </MenuHeading>
              {list.length === 0 && (
                <p className="px-3 py-2 text-sm text-slate-500">{t("user.noNotifications")}</p>
              )}
              {list.map((n) => (
                <MenuItem
                  key={n.kind}
                  as="button"
                  type="button"
                  data-testid={`notification-${n.kind}`}
                  className={`${itemClass} ${n.received ? "text-slate-500" : "font-medium"}`}
                  onClick={() => modal.open(n.modal)}
                >
                  <span
                    className={`h-2 w-2 flex-none rounded-full ${n.received ? "bg-slate-200" : "bg-rose-500"}`}
                    aria-hidden="true"
                  />
                  <span className="flex-1">{t(`notifications:${n.textKey}.item`)}</span>
                  <span className="sr-only">
                    {n.received ? t("user.read") : t("user.unreadOne")}
                  </span>
                </MenuItem>
              ))}
            </MenuSection>
            <MenuSeparator className="my-2 h-px bg-slate-100" />
            {!session.emailVerified && (
              <MenuItem
                as="button"
                type="button"
                className={itemClass}
                onClick={() => modal.open("email-verification")}
              >
                {t("user.verifyEmail")}
              </MenuItem>
            )}
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => modal.open("daily-coin")}
            >
              {t("user.dailyCoins")}
            </MenuItem>
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => modal.open("subscriptions", {})}
            >
              {t("user.subscriptions")}
            </MenuItem>
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => modal.open("referral")}
            >
              {t("user.invite")}
            </MenuItem>
            <MenuItem
              as="button"
              type="button"
              className={itemClass}
              onClick={() => navigate("/form")}
            >
              {t("user.feedback")}
            </MenuItem>
            <MenuItem
              as="button"
              type="button"
              data-testid="menu-account"
              className={itemClass}
              onClick={() => navigate("/account")}
            >
              {t("user.developerApi")}
            </MenuItem>
            <MenuSeparator className="my-2 h-px bg-slate-100" />
            <MenuItem
              as="button"
              type="button"
              data-testid="logout"
              className={itemClass}
              onClick={() => {
                signOut();
                navigate("/");
              }}
            >
              {t("user.logout")}
            </MenuItem>
          </>
        )}
      </MenuItems>
    </Menu>
  );
}
