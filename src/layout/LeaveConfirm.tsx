import { useSelector } from '@xstate/react';
import { leaveGuard } from '../app/root';
import { DiscardConfirm } from '../components/DiscardConfirm';

/** "Discard unsaved changes?" when leaving a page, or closing its tab, with unsaved work. */
export function LeaveConfirm() {
  const asking = useSelector(leaveGuard, (s) => s.hasTag('confirming'));
  return (
    <DiscardConfirm
      open={asking}
      onDiscard={() => leaveGuard.send({ type: 'leave.confirm' })}
      onKeepEditing={() => leaveGuard.send({ type: 'leave.cancel' })}
      testId="confirm-leave"
    />
  );
}
