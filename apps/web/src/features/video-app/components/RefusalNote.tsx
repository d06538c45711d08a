// The video forms' refusal (a failed order or video request), read out as an alert; nothing
// while there is none.
export function RefusalNote({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {error}
    </p>
  );
}
