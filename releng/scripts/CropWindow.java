import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Crops a UI-test screenshot (Xvfb screen larger than the window) to the workbench window at (0,0), dropping the
 * black band right of and below it: {@code java releng/scripts/CropWindow.java IN.png OUT.png} (README pictures).
 */
public class CropWindow {
    public static void main(String[] a) throws Exception {
        BufferedImage in = ImageIO.read(new File(a[0]));
        int w = 0, h = 0;
        for (int x = 0; x < in.getWidth(); x++) {
            if ((in.getRGB(x, 8) & 0xffffff) != 0) w = x + 1;
        }
        for (int y = 0; y < in.getHeight(); y++) {
            if ((in.getRGB(8, y) & 0xffffff) != 0) h = y + 1;
        }
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        out.getGraphics().drawImage(in.getSubimage(0, 0, w, h), 0, 0, null);
        ImageIO.write(out, "png", new File(a[1]));
        System.out.println(a[1] + ": " + w + "x" + h);
    }
}
