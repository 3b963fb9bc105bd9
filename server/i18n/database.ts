import { defineServerMessages } from './define';

// Server messages of database backup and restore (issue 13).
export const database = defineServerMessages(
  {
    'database.superOnly': '只有超级管理员可以备份、还原或删除数据库备份',
    'database.passwordWrong': '密码不正确，未还原',
    'database.notFound': '备份文件不存在',
    'database.nameInvalid': '备份文件名无效',
    'database.busy': '已有备份或还原任务在进行，请稍后再试',
    'database.backupStarted': '备份已开始',
    'database.restoreStarted': '还原已开始：先校验文件，再在一个事务中替换全部数据',
  },
  {
    'database.superOnly': 'Only a super administrator may back up, restore or delete database backups',
    'database.passwordWrong': 'The password is not correct; nothing was restored',
    'database.notFound': 'The backup file does not exist',
    'database.nameInvalid': 'Invalid backup file name',
    'database.busy': 'A backup or restore is already running; try again later',
    'database.backupStarted': 'Backup started',
    'database.restoreStarted': 'Restore started: the file is verified first, then all data is replaced in one transaction',
  },
);
