import { FileInput, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { linkOrFileProblems } from '@portal/domain/content/resources.ts';

/** The part of a Mantine form these fields need: a `url` text and a `file` upload. */
export interface LinkOrFileForm {
  getInputProps: (path: 'url' | 'file') => GetInputPropsReturnType;
  values: { url: string };
}

interface LinkOrFileFieldsProps {
  form: LinkOrFileForm;
  /** What is uploaded, as the sentences name it: 'PDF' or 'file'. */
  noun: 'PDF' | 'file';
  fileDescription: string;
  accept: string;
  /** Whether a file was uploaded before: a link saved now replaces it, and the form says so. */
  hasStoredFile: boolean;
  /** Fields that belong after the file and before that warning (an event resource's sections). */
  children?: ReactNode;
}

/** A resource's link or uploaded file: either one, as the domain's link-or-file rule asks. */
export function LinkOrFileFields({
  form,
  noun,
  fileDescription,
  accept,
  hasStoredFile,
  children,
}: LinkOrFileFieldsProps) {
  return (
    <>
      <TextInput
        label="Link"
        description={`A web address, or leave empty and upload a ${noun}`}
        placeholder="https://"
        {...form.getInputProps('url')}
      />
      <FileInput
        placeholder="Choose file"
        label={noun.charAt(0).toUpperCase() + noun.slice(1)}
        description={fileDescription}
        accept={accept}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear file' }}
        {...form.getInputProps('file')}
      />
      {children}
      {hasStoredFile && form.values.url.trim() !== '' ? (
        <Text size="sm">{`Saving with a link removes the uploaded ${noun}.`}</Text>
      ) : null}
    </>
  );
}

/** What a resource form's check needs of its domain: the size limit and the messages in the form's words. */
export interface LinkOrFileRules {
  maxBytes: number;
  messages: { titleRequired: string; fileTooLarge: string; notBoth: string; linkOrFile: string };
}

/**
 * A resource form's problems: a title, a link or a file (a stored file counts while the link is
 * empty), and a new file within the limit.
 */
export function linkOrFileFormProblems(
  values: { title: string; url: string; file: File | null },
  hasStoredFile: boolean,
  rules: LinkOrFileRules,
) {
  return {
    title: values.title.trim() ? null : rules.messages.titleRequired,
    ...linkOrFileProblems(values.url, values.file !== null, hasStoredFile && values.url.trim() === '', rules.messages),
    ...(values.file && values.file.size > rules.maxBytes ? { file: rules.messages.fileTooLarge } : {}),
  };
}
