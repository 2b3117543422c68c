import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** A search field that asks the server only once typing pauses. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  w = 320,
}: {
  value: string;
  onSearch(q: string): void;
  label: string;
  placeholder: string;
  w?: number | string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  // Follow the address (back button, a cleared filter) without undoing a space being typed.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      size="sm"
      w={{ base: '100%', sm: w }}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') debounced.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              debounced.cancel();
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}
