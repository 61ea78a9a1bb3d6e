// The image upload of the editors (spec sections 2 and 5): one file at a time, sent with its caption
// through shared's lookup client (POST /api/image, so the loading state shows while it runs). The
// uploaded image goes to `onUploaded`; a failure ("No image response" or the server's text) is an
// error toast (spec section 8).
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { IMAGE_ACCEPT } from 'contracts/rules/images';
import { toast, uploadImage, type UploadedImage } from 'shared';
import { errorMessage } from 'contracts/rules/error-message';

/** The types the server takes (contracts/rules/images), as the file picker's `accept`. */
export const IMAGE_TYPES = IMAGE_ACCEPT;

export interface ImageUploadButtonProps {
  /** The caption sent with the file (read when the file is chosen). */
  caption?: string | (() => string);
  onUploaded(image: UploadedImage): void;
  /** The button's text. */
  label: string;
  disabled?: boolean;
  'data-testid'?: string;
}

export function ImageUploadButton({ caption, onUploaded, label, disabled = false, 'data-testid': testId }: ImageUploadButtonProps) {
  const upload = async (file: File) => {
    try {
      onUploaded(await uploadImage(file, { caption: typeof caption === 'function' ? caption() : caption }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Upload
      accept={IMAGE_TYPES}
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        void upload(file);
        // Sent by shared's client above (envelope, auth header, loading state), not by Upload itself.
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
