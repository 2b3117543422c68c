import { Select } from '@mantine/core';

/** The order of a table's rows, from the sorts it offers. */
export function SortSelect<S extends string>({
  label,
  w,
  sorts,
  value,
  onChange,
}: {
  label: string;
  w: number;
  sorts: { value: S; label: string }[];
  value: S;
  onChange(sort: S): void;
}) {
  return (
    <Select
      aria-label={label}
      size="sm"
      w={w}
      data={sorts}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as S)}
    />
  );
}
