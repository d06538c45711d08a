import { useNavigate } from "react-router";
import { useModal } from "../../modals/use-modal.ts";
import type { ActiveApp } from "../../session/session-state.ts";
import { useSession } from "../../session/use-session.ts";

/** 'Start creating': signed-in users go to the app; visitors are offered the signup. */
export function useStartCreating() {
  const { session, setActiveApp } = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  return (app: ActiveApp = "product") => {
    setActiveApp(app);
    if (session.loggedIn) navigate("/app");
    else modal.open("login", { mode: "signup" });
  };
}
