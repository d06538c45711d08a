// What a console page shows instead of itself once a call failed (see use-admin-error.ts).
export function AdminErrorScreen({ title, error }: { title: string; error: string }) {
  return (
    <div className="mx-auto max-w-2xl px-5 py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert" className="mt-4 rounded-xl bg-rose-50 p-4 text-rose-800">
        {error}
      </p>
    </div>
  );
}
