import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import type { Separator } from '../api/send.ts';
import { isWorkbook } from './file-types.ts';
import { SeparatorDialog } from './SeparatorDialog.tsx';

/**
 * How every recipient list is read, in the wizard and when adding to a project: a workbook at once,
 * a CSV once the issuer has confirmed its separator in the dialog this returns for rendering.
 */
export function useListFileImport<T>(read: (file: File, separator?: Separator) => Promise<T>, onRead: (result: T, file: File) => void) {
  const [pending, setPending] = useState<{ file: File; sample: string } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, separator }: { file: File; separator?: Separator }) => read(file, separator),
    onSuccess: (result, { file }) => onRead(result, file),
  });

  const chooseFile = async (file: File) => {
    mutation.reset();
    if (isWorkbook(file)) return mutation.mutate({ file });
    setPending({ file, sample: await file.slice(0, 4096).text() });
  };

  const separatorDialog: ReactElement = (
    <SeparatorDialog
      file={pending?.file ?? null}
      sample={pending?.sample ?? ''}
      onCancel={() => setPending(null)}
      onConfirm={(separator) => {
        const file = pending!.file;
        setPending(null);
        mutation.mutate({ file, separator });
      }}
    />
  );
  return { mutation, chooseFile, separatorDialog };
}

/** A download address for a CSV template, released when the text changes or the page leaves. */
export function useCsvTemplate(text: string): string {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/csv' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}
