import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, Flex, HStack, Input, Text } from '@chakra-ui/react';
import circleAlert from 'virtual:lucide/CircleAlert';
import { LineIcon } from '../../components/LineIcon';
import { Logo } from '../../components/Logo';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { useT } from '../../i18n';
import { useLogin } from './useLogin';

export default function LoginPage() {
  const { t } = useT();
  const login = useLogin();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.needsCode) login.submitCode(code.trim());
    else login.submit(account.trim(), password);
  };
  return (
    <Flex minH="100vh" align="center" justify="center" bgGradient="to-br" gradientFrom="blue.700" gradientTo="teal.500" px="4" data-testid="login-page">
      <Box position="absolute" top="4" right="4" color="white">
        <LanguageSwitch tone="light" />
      </Box>
      <Card.Root w="full" maxW="400px" shadow="xl">
        <Card.Header pb="0">
          <Logo size="2xl" />
          <Text color="fg.muted" fontSize="sm">
            {login.needsCode ? t('login.codeHint') : t('login.subtitle')}
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            {login.error && (
              // Styled as Chakra's error alert, whose component (with every status icon) the login page can do without.
              <Flex role="alert" gap="2" align="flex-start" px="3" py="2.5" mb="4" rounded="l3" bg="red.subtle" color="red.fg" textStyle="sm" fontWeight="medium" data-testid="login-error">
                <LineIcon d={circleAlert} size={16} style={{ flexShrink: 0, marginTop: '0.1em' }} />
                {login.error}
              </Flex>
            )}
            {!login.needsCode ? (
              <>
                <Field.Root required mb="4">
                  <Field.Label>{t('login.account')}</Field.Label>
                  <Input data-testid="login-account" type="email" autoComplete="username" value={account} onChange={(e) => setAccount(e.currentTarget.value)} autoFocus />
                </Field.Root>
                <Field.Root required mb="6">
                  <Field.Label>{t('login.password')}</Field.Label>
                  <Input data-testid="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
                </Field.Root>
              </>
            ) : (
              <Field.Root required mb="6">
                <Field.Label>{t('login.code')}</Field.Label>
                <HStack w="full">
                  <Input data-testid="login-code" inputMode="numeric" maxLength={6} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))} autoFocus />
                  <Button variant="outline" onClick={login.requestCode} disabled={!login.canRequestCode} data-testid="login-send-code" minW="120px">
                    {login.cooldown > 0 ? t('login.resendIn', { seconds: login.cooldown }) : t('login.sendCode')}
                  </Button>
                </HStack>
              </Field.Root>
            )}
            <Button type="submit" colorPalette="blue" w="full" loading={login.busy} data-testid="login-submit">
              {login.needsCode ? t('login.verify') : t('login.submit')}
            </Button>
            {login.needsCode && (
              <Button variant="ghost" w="full" mt="2" onClick={login.cancel}>
                {t('login.back')}
              </Button>
            )}
          </form>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
