import { useState } from 'react';
import { Field, Input, Textarea } from '@chakra-ui/react';

// A panel input that edits a draft and hands it over on blur or Enter: one undo step per edit, not per
// key, and a half-typed field name is never sent. `valid` refuses a draft with a message.

export interface CommitInputProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  valid?: (value: string) => boolean;
  error?: string;
  hint?: string;
  type?: 'text' | 'number';
  area?: boolean;
  testId: string;
  disabled?: boolean;
}

export function CommitInput({ label, value, onCommit, valid = () => true, error, hint, type = 'text', area, testId, disabled }: CommitInputProps) {
  // The draft restarts whenever the committed value changes (another component chosen, undo, redo).
  const [draft, setDraft] = useState<{ base: string; text: string }>({ base: value, text: value });
  const text = draft.base === value ? draft.text : value;
  if (draft.base !== value) setDraft({ base: value, text: value });
  const ok = valid(text);
  const commit = () => {
    if (text !== value && ok) onCommit(text);
  };
  const props = {
    size: 'sm' as const,
    value: text,
    disabled,
    'data-testid': testId,
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ base: value, text: e.currentTarget.value }),
    onBlur: commit,
  };
  return (
    <Field.Root invalid={!ok}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      {area ? (
        <Textarea {...props} rows={4} />
      ) : (
        <Input
          {...props}
          type={type}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      )}
      {!ok && error && <Field.ErrorText>{error}</Field.ErrorText>}
      {ok && hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
