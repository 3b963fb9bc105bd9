import { Component, type ReactNode } from 'react';
import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { t } from '../i18n';
import { downloadErrorReport } from '../app/trace';

/**
 * The app root's boundary: @xstate/react rethrows actor errors, and a broken view must not blank the app.
 * The error screen offers the error report (with the event trace while one is recorded, src/app/trace.ts).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box p="10" textAlign="center" data-testid="app-error">
        <Heading size="md" mb="2">
          {t('common.loadFailed')}
        </Heading>
        <Text color="fg.muted" mb="4">
          {this.state.error.message}
        </Text>
        <HStack justify="center" gap="2">
          <Button size="sm" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
          <Button size="sm" variant="outline" data-testid="app-error-report" onClick={() => downloadErrorReport(this.state.error)}>
            {t('trace.errorReport')}
          </Button>
        </HStack>
      </Box>
    );
  }
}
