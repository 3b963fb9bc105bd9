import { defineServerMessages } from './define';

// Server messages: posters (/poster/index), issue 11.
export const posters = defineServerMessages(
  {
    'poster.nameRequired': '请输入海报名称',
    'poster.materialRequired': '请上传素材文件',
    'poster.colorFormat': '请输入 #RRGGBB 格式的颜色',
    'poster.textRequired': '请输入文字内容',
    'poster.imageRequired': '请选择图片',
    'poster.qrRequired': '请输入二维码内容',
    'poster.imageMissing': '图片 {url} 不是本站已上传的附件',
    'poster.badImage': '海报中的图片无法读取',
    'poster.rendered': '海报已生成',
  },
  {
    'poster.nameRequired': 'Please enter the poster name',
    'poster.materialRequired': 'Please upload the material file',
    'poster.colorFormat': 'Enter a colour as #RRGGBB',
    'poster.textRequired': 'Please enter the text',
    'poster.imageRequired': 'Please choose an image',
    'poster.qrRequired': 'Please enter the QR code content',
    'poster.imageMissing': 'The image {url} is not an uploaded attachment of this site',
    'poster.badImage': 'An image of the poster cannot be read',
    'poster.rendered': 'Poster generated',
  },
);
