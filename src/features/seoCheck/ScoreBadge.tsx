import { Badge } from '@chakra-ui/react';

/** A 0–100 score, coloured by how good it is. */
export function ScoreBadge({ score, size = 'sm' }: { score: number; size?: 'sm' | 'lg' }) {
  const palette = score >= 90 ? 'green' : score >= 70 ? 'yellow' : 'red';
  return (
    <Badge colorPalette={palette} size={size} variant="solid" data-testid="seo-score">
      {score}
    </Badge>
  );
}
