export function PageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {description ? <p className="mt-1 max-w-3xl text-slate-700">{description}</p> : null}
    </header>
  );
}
