// The plan named by ?type=, from the catalogue; and the login the spec requires first.
import { useSearchParams } from "react-router";
import { usePlans } from "../../features/billing/use-plans.ts";

export function useCheckoutPlan() {
  const [params] = useSearchParams();
  const type = params.get("type") ?? "";
  const plans = usePlans();
  const plan = plans.data?.plans.find((p) => p.type === type);
  return { type, plan, loading: plans.isPending, params };
}
