import { Flex, Link, Text } from '@chakra-ui/react';
import { useStore } from '../app/store';
import { shellStore } from '../app/shellStore';
import { useT } from '../i18n';

/** Copyright and the filing (ICP) number from the system settings. */
export function Footer() {
  const { t } = useT();
  const { info } = useStore(shellStore);
  return (
    <Flex as="footer" py="2" px="4" gap="3" justify="center" fontSize="12px" color="fg.muted" borderTopWidth="1px" bg="bg" flexWrap="wrap" data-testid="footer">
      <Text>{info?.copyright || `© ${t('app.title')}`}</Text>
      {info?.filing_number && (
        <Link href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" color="fg.muted">
          {info.filing_number}
        </Link>
      )}
      {info?.version && <Text>v{info.version}</Text>}
    </Flex>
  );
}
