import { defineServerMessages } from './define';

// Messages of the content import.
export const contentImport = defineServerMessages(
  {
    'import.noFile': '请选择要导入的 CSV 或 Excel 文件',
    'import.badFile': '无法读取该文件，请上传 CSV 或 Excel（.xlsx）文件',
    'import.noHeader': '文件第一行须为表头',
    'import.tooManyRows': '一次最多导入 {max} 行',
    'import.noTitleColumn': '文件中没有“标题”列',
    'import.nothingValid': '没有可导入的有效行',
  },
  {
    'import.noFile': 'Choose a CSV or Excel file to import',
    'import.badFile': 'This file cannot be read: upload a CSV or Excel (.xlsx) file',
    'import.noHeader': 'The first row of the file must be the header',
    'import.tooManyRows': 'At most {max} rows can be imported at once',
    'import.noTitleColumn': 'The file has no "title" column',
    'import.nothingValid': 'No valid rows to import',
  },
);
