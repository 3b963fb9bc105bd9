import { HStack, Text } from '@chakra-ui/react';
import treeDeciduous from 'virtual:lucide/TreeDeciduous';
import { LineIcon } from './LineIcon';

export function Logo({ size = 'lg', color = 'blue.fg' }: { size?: 'lg' | 'xl' | '2xl'; color?: string }) {
  return (
    <HStack gap="1.5" color={color} flexShrink={0}>
      <LineIcon d={treeDeciduous} size={size === 'lg' ? 20 : 28} strokeWidth={2.2} />
      <Text fontWeight="bold" fontSize={size} whiteSpace="nowrap">
        Banyan
      </Text>
    </HStack>
  );
}
