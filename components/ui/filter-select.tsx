// A labelled <select> for the plain GET filter forms (they work without JavaScript): the first
// option, with an empty value, means "no filter".
export type FilterOption = { value: string; label: string };

export function FilterSelect({
  id,
  name,
  label,
  anyLabel,
  options,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  label: string;
  /** The first option's text, e.g. "All statuses". */
  anyLabel: string;
  options: FilterOption[];
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
