package app.backline.mobile;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
