import { useState } from 'react';
import { Box, Button, Flex, IconButton, Input, Popover, Portal, Text } from '@chakra-ui/react';
import { Baseline } from 'lucide-react';
import { styleAllowed } from '../../../../../models/html';
import { useT } from '../../../../i18n';

/** A small palette; anything else is typed as #rgb / #rrggbb. */
export const PALETTE = ['#000000', '#595959', '#d4380d', '#e03e2d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#2f54eb', '#722ed1', '#eb2f96'];

export interface ColorPickerProps {
  value: string | undefined;
  disabled: boolean;
  onPick: (color: string | undefined) => void;
}

export function ColorPicker({ value, disabled, onPick }: ColorPickerProps) {
  const { t } = useT();
  // The custom colour field's text, until applied.
  const [custom, setCustom] = useState('');
  const customValid = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(custom.trim()) && styleAllowed('color', custom.trim());
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={t('editor.color')} title={t('editor.color')} data-testid="editor-color" disabled={disabled} onMouseDown={(e) => e.preventDefault()}>
          <Box display="flex" flexDirection="column" alignItems="center">
            <Baseline />
            <Box h="3px" w="14px" mt="-2px" bg={value ?? 'fg'} rounded="xs" />
          </Box>
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto" maxW="calc(100vw - 16px)">
            <Popover.Body p="3">
              <Flex wrap="wrap" gap="1.5" maxW="204px">
                {PALETTE.map((c) => (
                  <Box
                    as="button"
                    key={c}
                    w="6"
                    h="6"
                    rounded="sm"
                    bg={c}
                    borderWidth={c === value ? '2px' : '1px'}
                    borderColor={c === value ? 'blue.500' : 'border'}
                    aria-label={c}
                    title={c}
                    data-testid={`editor-color-${c.slice(1)}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => onPick(c)}
                  />
                ))}
              </Flex>
              <Text fontSize="xs" color="fg.muted" mt="3" mb="1">
                {t('editor.colorCustom')}
              </Text>
              <Flex gap="1.5">
                <Input size="xs" w="110px" value={custom} placeholder="#1677ff" data-testid="editor-color-custom" onChange={(e) => setCustom(e.currentTarget.value)} />
                <Button size="xs" disabled={!customValid} data-testid="editor-color-apply" onClick={() => onPick(custom.trim().toLowerCase())}>
                  {t('editor.colorApply')}
                </Button>
              </Flex>
              {custom.trim() !== '' && !customValid && (
                <Text fontSize="xs" color="fg.error" mt="1">
                  {t('editor.colorInvalid')}
                </Text>
              )}
              <Button size="xs" variant="ghost" mt="2" px="1" data-testid="editor-color-reset" onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(undefined)}>
                {t('editor.colorReset')}
              </Button>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
