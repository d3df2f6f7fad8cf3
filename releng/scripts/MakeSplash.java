import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * Draws the start-up splash image (features/org.ddstuner.feature/rootfiles/splash.png): the product icon,
 * name and version on a plain panel. The JVM shows it (-splash:, set by the start script) before Equinox
 * starts, so it cannot be drawn by the product itself. Run again when the release version (0.10.0, without the
 * build qualifier) changes:
 *
 *   java -Djava.awt.headless=true releng/scripts/MakeSplash.java ICON_128_PNG VERSION OUT_PNG
 */
public class MakeSplash {
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: MakeSplash ICON_128_PNG VERSION OUT_PNG");
            System.exit(2);
        }
        BufferedImage icon = ImageIO.read(new File(args[0]));
        int w = 460, h = 200;
        // RGB, not RGBA: an X server without a compositor shows a translucent splash on black
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setPaint(new GradientPaint(0, 0, new Color(0x24, 0x33, 0x48), 0, h, new Color(0x16, 0x20, 0x2e)));
        g.fillRect(0, 0, w, h);
        g.setColor(new Color(0x4a, 0x6a, 0x90));
        g.drawRect(0, 0, w - 1, h - 1);
        g.drawImage(icon, 28, (h - 112) / 2, 112, 112, null);
        g.setColor(Color.WHITE);
        g.setFont(new Font("DejaVu Sans", Font.BOLD, 34));
        g.drawString("DDS Tuner", 164, 88);
        g.setColor(new Color(0xc8, 0xd4, 0xe2));
        g.setFont(new Font("DejaVu Sans", Font.PLAIN, 15));
        g.drawString("Version " + args[1], 166, 116);
        g.setColor(new Color(0x9a, 0xac, 0xc2));
        g.setFont(new Font("DejaVu Sans", Font.PLAIN, 13));
        g.drawString("Starting\u2026", 166, 150);
        g.dispose();
        // the version also as a PNG text chunk ("Title": "DDS Tuner VERSION"), so product-smoke.sh can check
        // that the image was redrawn for the product's version
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(img), null);
        IIOMetadataNode entry = new IIOMetadataNode("tEXtEntry");
        entry.setAttribute("keyword", "Title");
        entry.setAttribute("value", "DDS Tuner " + args[1]);
        IIOMetadataNode text = new IIOMetadataNode("tEXt");
        text.appendChild(entry);
        IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
        root.appendChild(text);
        meta.mergeTree("javax_imageio_png_1.0", root);
        File out = new File(args[2]);
        out.delete();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(new IIOImage(img, null, meta));
        }
        writer.dispose();
    }
}
