import { useRef } from 'react';

/** A ref that always holds the latest value: callbacks given to charts read props through it. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
