import { Component, type ReactNode } from 'react';
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { t } from '../i18n';

/** The app root's boundary: @xstate/react rethrows actor errors, and a broken view must not blank the app. */
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
        <Button size="sm" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  }
}
