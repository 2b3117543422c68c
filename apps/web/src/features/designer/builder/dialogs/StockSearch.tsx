import type { StockImage, StockImageType } from '@laurel/domain';
import { Alert, Group, Image, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors.ts';
import { searchStockImages } from '../../api.ts';
import { designerKeys } from '../../query-keys.ts';

/** Background and stock pickers show 6 items a page (docs/product/builder.md#rules-and-limits). */
export const PICKER_PAGE_SIZE = 6;

/**
 * Stock image search, a page of 6 at a time from the server, paged by the total the search reports;
 * choosing one hands it to the caller, which imports it.
 */
export function StockSearch({ type, onPick, busy }: { type: StockImageType; onPick: (image: StockImage) => void; busy: boolean }) {
  const [where, setWhere] = useState('');
  const [query] = useDebouncedValue(where, 300);
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: designerKeys.stockImages(type, query, page),
    // The page travels with its images, so the range shown while the next page loads is still the truth.
    queryFn: async () => ({ ...(await searchStockImages(query, type, page)), page }),
    placeholderData: keepPreviousData,
  });
  const shown = result.data?.images ?? [];
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));
  const first = ((result.data?.page ?? page) - 1) * PICKER_PAGE_SIZE + 1;

  return (
    <Stack gap="sm">
      <TextInput
        label="Search stock images"
        placeholder="Try “gold”, “marble” or “watercolour”"
        leftSection={<IconSearch size={15} />}
        value={where}
        onChange={(e) => {
          setWhere(e.currentTarget.value);
          setPage(1);
        }}
      />
      {result.isPending && <Loader size="sm" mx="auto" my="lg" />}
      {result.isError && <Alert color="red">{errorMessage(result.error)}</Alert>}
      {result.isSuccess && !shown.length && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {query ? `No images match “${query}”.` : 'No stock images are available.'}
        </Text>
      )}
      <SimpleGrid
        cols={3}
        spacing="xs"
        style={{ opacity: result.isPlaceholderData ? 0.5 : 1, transition: 'opacity 120ms' }}
        aria-busy={result.isPlaceholderData}
      >
        {shown.map((image) => (
          <UnstyledButton
            key={image.id}
            onClick={() => onPick(image)}
            disabled={busy}
            aria-label={`Use stock image ${image.title ?? image.id}`}
          >
            <Image src={image.thumb} h={96} radius="sm" fit="cover" alt="" />
            {image.title && (
              <Text size="xs" truncate mt={4}>
                {image.title}
              </Text>
            )}
            {image.author && (
              <Text size="10px" c="dimmed" truncate>
                {image.author}
                {image.licence ? ` · ${image.licence}` : ''}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="stock-range">
            {shown.length ? `${first}–${first + shown.length - 1} of ${total}` : `${total} images`}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
